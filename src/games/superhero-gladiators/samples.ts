/** The shipped sample heroes (heroes/samples.yaml), labelled as samples. */
import { readHeroFile, type HeroSpec } from './hero.js';

export const SAMPLE_HEROES: readonly HeroSpec[] = readHeroFile(new URL('./heroes/samples.yaml', import.meta.url));
