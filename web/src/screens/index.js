import { route } from '../router.js';
import { homeScreen } from './home.js';
import { newGameScreen } from './newgame.js';
import { gameScreen } from './game.js';
import { joinScreen, sharedScreen } from './open.js';
import { rulesScreen } from './rules.js';
import { linkScreen } from './devices.js';

route(/^\/$/, homeScreen);
route(/^\/new$/, newGameScreen);
route(/^\/game\/([^/]+)$/, gameScreen);
route(/^\/join\/([^/]+)\/([^/]+)$/, joinScreen);
route(/^\/shared\/([^/]+)$/, sharedScreen);
route(/^\/rules\/([^/]+)$/, rulesScreen);
route(/^\/link\/([^/]+)$/, linkScreen);
