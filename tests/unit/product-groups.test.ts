/**
 * The Products menu's groups (the site-wide labels, navigation.productGroups): every link of the menu in exactly one
 * group, under its heading, and no group naming a page the menu lacks; the schema refuses anything else, naming the
 * field, so the build and the content admin stop on it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productGroupProblems, uiSchema, type Ui } from '../../src/lib/schemas/ui';
import { contentPath } from '../../src/lib/content-paths';

const ui = JSON.parse(readFileSync(contentPath('ui', 'ui'), 'utf8')) as Ui;
const { products, productGroups } = ui.navigation;

/** The schema's messages for ui.json with `groups` as its Products menu groups, "field: message". */
function issues(groups: Ui['navigation']['productGroups']): string[] {
  const result = uiSchema.safeParse({ ...ui, navigation: { ...ui.navigation, productGroups: groups } });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe("the Products menu's groups", () => {
  it('hold every link of the menu exactly once, in the content as it is', () => {
    expect(productGroupProblems(products, productGroups)).toEqual([]);
    expect(productGroups.flatMap((group) => group.links).sort()).toEqual(products.map((item) => item.to).sort());
    expect(issues(productGroups)).toEqual([]);
  });

  it('refuse a link left out of every group, naming the link', () => {
    const [first, ...rest] = productGroups;
    const left = first!.links[0]!;
    const index = products.findIndex((item) => item.to === left);
    expect(issues([{ ...first!, links: first!.links.slice(1) }, ...rest])).toEqual([
      `navigation.products.${index}.to: ${left} is in no group of productGroups`,
    ]);
  });

  it('refuse a link in two groups and an address the menu lacks, naming the group and the place', () => {
    const [first, second, ...rest] = productGroups;
    const twice = first!.links[0]!;
    expect(issues([first!, { ...second!, links: [...second!.links, twice, '/nowhere'] }, ...rest]).sort()).toEqual(
      [
        `navigation.productGroups.1.links.${second!.links.length}: ${twice} is in group 1 already`,
        `navigation.productGroups.1.links.${second!.links.length + 1}: /nowhere is not a link of the Products menu`,
      ].sort(),
    );
  });
});
