// One rule for every way to an advisor (issue 29 item 8): « Prendre RDV » and « Trouver un
// accompagnement » agree, for every IDCC, with the built-in or a configured list.
import { describe, expect, it } from 'vitest';
import { advisorRoute, offersMeetingsPage, rdvIdccList } from '@/domain/advisor-access';
import { DEFAULT_RDV_IDCC_LIST } from '@/domain/opco';
import { showMeetingsEntry } from '@/domain/shell-rules';

const eligible = DEFAULT_RDV_IDCC_LIST[0]!;

describe('advisorRoute', () => {
  it('a company whose agreement is in the list goes to the « Prendre RDV » page', () => {
    expect(advisorRoute(eligible, [])).toBe('meetings');
    expect(advisorRoute('1486', [])).toBe('meetings');
    // codes compare zero-padded
    expect(advisorRoute('16', [])).toBe('meetings');
  });

  it('any other company gets the booking modal, never a dead end', () => {
    expect(advisorRoute('9999', [])).toBe('booking');
    expect(advisorRoute(null, [])).toBe('booking');
    expect(advisorRoute(undefined, [])).toBe('booking');
    expect(advisorRoute('', [])).toBe('booking');
    expect(advisorRoute('12a4', ['12a4'])).toBe('booking');
  });

  it('a configured list replaces the built-in one', () => {
    expect(rdvIdccList([])).toBe(DEFAULT_RDV_IDCC_LIST);
    expect(advisorRoute('9999', ['9999'])).toBe('meetings');
    expect(advisorRoute(eligible, ['9999'])).toBe('booking');
  });

  it('« Prendre RDV » (menu, plan) is offered exactly where « Trouver un accompagnement » leads to it', () => {
    const codes = [...DEFAULT_RDV_IDCC_LIST, '9999', '1596', '1597', null, '', '0000'];
    for (const configured of [[], ['1596'], ['0044', '9999']]) {
      for (const idcc of codes) {
        const offered = offersMeetingsPage(idcc, configured);
        expect(offered).toBe(advisorRoute(idcc, configured) === 'meetings');
        expect(showMeetingsEntry(idcc, configured)).toBe(offered);
      }
    }
  });
});
