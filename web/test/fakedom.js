// A few DOM calls under Node, enough for ui.js's h() and s(): elements with classes,
// attributes, data-*, children and text. For tests that read what a screen says
// (textContent, attributes), not how it looks.
class FakeNode {
  constructor() {
    /** @type {FakeNode[]} */
    this.childNodes = [];
    this.parentNode = null;
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join('');
  }
}

class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.text = String(text);
  }

  get textContent() {
    return this.text;
  }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.className = '';
    /** @type {Record<string, string>} */
    this.attributes = {};
    /** @type {Record<string, string>} */
    this.dataset = {};
    this.style = {};
  }

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }

  getAttribute(name) {
    return this.attributes[name] ?? null;
  }

  addEventListener() {}

  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof FakeNode ? node : new FakeText(node);
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  get children() {
    return this.childNodes.filter((c) => c instanceof FakeElement);
  }

  set textContent(text) {
    this.childNodes = [new FakeText(text)];
  }

  get textContent() {
    return super.textContent;
  }

  /** Every element below, depth first, that `test(el)` accepts. */
  findAll(test) {
    const out = [];
    for (const child of this.children) {
      if (test(child)) out.push(child);
      out.push(...child.findAll(test));
    }
    return out;
  }

  /** Elements by tag name and, after dots, classes: 'dt', 'table.tor-sheet'. */
  all(spec) {
    const [tag, ...classes] = spec.split('.');
    return this.findAll((el) => (!tag || el.tagName === tag.toUpperCase()) && classes.every((c) => el.className.split(' ').includes(c)));
  }
}

class FakeSvgElement extends FakeElement {}

/** Put the fake document on the global object (vitest: vi.stubGlobal each). */
export function fakeDom(stub) {
  stub('Node', FakeNode);
  stub('SVGElement', FakeSvgElement);
  stub('document', {
    documentElement: { lang: '' },
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (_ns, tag) => new FakeSvgElement(tag),
    createTextNode: (text) => new FakeText(text),
  });
}
