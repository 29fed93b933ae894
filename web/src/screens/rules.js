// "How to play" (#/rules/<game>, ?rule=<ID> scrolls to the item citing that rule): the
// per-game summaries of web/src/titles/<game>/howto.js in the current language, words only:
// a point's rule IDs are its anchors and its tooltip, and the point looked up shows them.
import { h } from '../ui.js';
import { getLang, t } from '../i18n.js';
import { cachedCatalogue, gameTitle } from '../catalogue.js';
import { hasRules, titleOf } from '../titles/index.js';
import { guideButton } from './newgame.js';

export async function rulesScreen(root, { args: [game], params }) {
  const name = gameTitle(await cachedCatalogue(), game);
  if (!hasRules(game)) {
    root.append(h('h1', {}, t('howto.title', { game: name })), h('p', {}, t('howto.none')), h('a.button', { href: '#/' }, t('nav.home')));
    return;
  }
  const anchored = new Set();
  const anchor = (rule) => {
    if (anchored.has(rule)) return undefined;
    anchored.add(rule);
    return `rule-${rule}`;
  };
  const { howto } = titleOf(game);
  const sections = howto[getLang()] || howto.en;
  // a point's rule IDs are for whoever asks (the rulebook's numbers): a tooltip, and the
  // anchors "Why?" links land on; only the point looked up shows them, under its words
  const item = ({ text, rules }) => h('li', { title: rules.length ? t('howto.ruleIds', { ids: rules.join(t('list.sep')) }) : undefined, dataset: { rules: rules.join(' ') } },
    rules.map((rule) => h('span.rule-anchor', { id: anchor(rule) })), text);
  root.append(
    h('h1', { id: 'rules-title' }, t('howto.title', { game: name })),
    h('p.note', {}, t('howto.note')),
    h('div.rules-summary', { id: 'rules-summary', dataset: { game } },
      sections.map((section) => h('section', {}, h('h2', {}, section.title), h('ul', {}, section.items.map(item))))),
    h('div.action-row', {}, h('a.button', { href: '#/' }, t('nav.home')), h('a.button', { href: '#/new' }, t('home.newGame')),
      titleOf(game).guide ? guideButton(game, name) : null), // the guided first game, on demand
  );
  const target = params.rule && root.querySelector(`[id="rule-${CSS.escape(params.rule)}"]`);
  if (target) {
    const li = target.closest('li');
    li.classList.add('rule-target');
    li.append(h('small.rule-ids', { id: 'rule-ids' }, t('howto.ruleIds', { ids: li.dataset.rules.split(' ').join(t('list.sep')) })));
    target.scrollIntoView({ block: 'center' });
  }
}
