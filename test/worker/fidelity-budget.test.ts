// The fidelity capability's image budget, without processes: images attach in page order
// while the whole result stays under the budget; the rest are counted in images_omitted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// The registry first: the capability modules import it, and it lists them.
import '../../src/worker/registry.js';
import { attachImages, RESULT_BUDGET } from '../../src/worker/capabilities/fidelity.js';

const png = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);
const images = (sizes: number[]) => sizes.map((size, i) => ({ page: i + 1, png: png(size) }));

describe('fidelity image budget', () => {
  it('attaches every image when they fit, with no images_omitted', async () => {
    const out = await attachImages(['um', 'dois'], images([300, 600]), 10_000);
    assert.equal(out.text, 'um\n\ndois');
    assert.equal(out.images_omitted, undefined);
    assert.deepEqual(
      out.pages.map((p) => Buffer.from(p.image!.base64, 'base64').length),
      [300, 600],
    );
    assert.ok(out.pages.every((p) => p.image!.content_type === 'image/png'));
  });

  it('stops at the first image that does not fit and stays under the budget', async () => {
    const budget = 10_000;
    const out = await attachImages(['a', 'b', 'c', 'd'], images([3000, 3000, 3000, 30]), budget);
    // Two images of 4000 base64 characters fit; the third does not, nor does anything after it.
    assert.deepEqual(
      out.pages.map((p) => p.image !== undefined),
      [true, true, false, false],
    );
    assert.equal(out.images_omitted, 2);
    assert.ok(JSON.stringify(out).length <= budget, `${JSON.stringify(out).length} > ${budget}`);
  });

  it('charges the text: a long text leaves less room for images', async () => {
    const long = 'x'.repeat(4_000);
    const out = await attachImages([long], images([1_000]), 9_000);
    assert.equal(out.images_omitted, 1);
    assert.equal(out.pages[0]!.image, undefined);
  });

  it('stops pulling pages (no further rendering) once the budget is spent', async () => {
    let pulled = 0;
    async function* render() {
      for (let page = 1; page <= 100; page++) {
        pulled++;
        yield { page, png: png(1_000_000) };
      }
    }
    const out = await attachImages(
      Array.from({ length: 100 }, (_, i) => `página ${i + 1}`),
      render(),
    );
    assert.equal(pulled, 5);
    assert.equal(out.images_omitted, 96);
    assert.ok(JSON.stringify(out).length <= RESULT_BUDGET);
    // Well under the gateway's 8 MiB cap on a JSON result.
    assert.ok(JSON.stringify(out).length < 8 * 1024 * 1024 - 1024 * 1024);
  });
});
