#!/usr/bin/env python3
"""The web app as a person uses it, in Debian's Chromium: sign in through `lockout open`'s link, visit
every page (screenshots, axe), refuse bad schedule input beside its field, save a schedule, watch the
countdown tick, let a break fall due and answer it with Done, and find it counted in Statistics; on
the Rewards page set the parent PIN, mark a program, redeem points granted from the CLI and watch
reward time count down. Markup typed into every field that reaches a page (activities, tasks, blocked
programs, the quest) and put in a link's path shows as text, and no page is sent elsewhere.

Run by scripts/e2e/web.sh against a running agent at LOCKOUT_CLOCK_SCALE=60."""
import argparse
import re
import subprocess
import sys
import time
import urllib.parse

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright
from payloads import ELEMENT, QUOTE, REFRESH, expect_untouched, goto, guard

PAGES = [("Dashboard", "/"), ("Schedule", "/schedule"), ("Focus", "/focus"), ("Gate", "/gate"), ("Rewards", "/rewards"),
         ("Statistics", "/statistics"), ("Family", "/family"), ("Settings", "/settings")]
SUBPAGES = [("activities", "/focus/activities"), ("history", "/focus/history")]


def lockout(args, *command):
    subprocess.run([args.lockout, "--data-dir", args.data_dir, *command], check=True, capture_output=True, text=True)


def step(text):
    print(f"web: {text}", flush=True)


def markup(page, stranger, args, base, foreign, stranger_foreign):
    step("markup typed into activities, tasks and the block list, and put in a link, shows as text")
    # Breaks are done with: stopped, none covers a page while it is watched for a refresh.
    lockout(args, "stop")
    goto(page, base + "/focus/activities")
    for name in [REFRESH, QUOTE]:
        page.fill("#name", name)
        page.fill("#new-collection", QUOTE)
        page.click("button[value=add]")
        expect(page.locator("#activity-list")).to_contain_text(name)
    expect_untouched(page, "Activities", foreign)
    goto(page, base + "/focus")
    for title in [REFRESH, QUOTE]:
        page.fill("#title", title)
        page.click("button[value=add]:has-text('Add task')")
        expect(page.locator("main")).to_contain_text(title)
    expect(page.locator("#focus-activity option", has_text=REFRESH)).to_have_count(1)
    expect_untouched(page, "Focus", foreign)
    goto(page, base + "/gate")
    page.fill("#executable", ELEMENT)
    page.click("button[value=block]")
    expect(page.locator("#blocked-list")).to_contain_text(ELEMENT)
    expect_untouched(page, "Gate", foreign)
    page.fill("#executable", REFRESH)
    page.click("button[value=block]")
    expect(page.locator("#executable")).to_have_value(REFRESH)
    expect_untouched(page, "Gate with a refused name", foreign)
    response = stranger.goto(base + "/" + urllib.parse.quote(REFRESH))
    assert response.status == 404, response.status
    expect(stranger.locator("main")).to_contain_text(REFRESH)
    expect_untouched(stranger, "a missing page's link", stranger_foreign)


def login_link(args, page="dashboard"):
    return subprocess.run(
        [args.lockout, "--data-dir", args.data_dir, "open", page, "--print"], check=True, capture_output=True, text=True
    ).stdout.strip()


def check_accessibility(page, name):
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    for violation in serious:
        print(f"  axe on {name}: {violation['id']} ({violation['impact']}): {violation['help']}", file=sys.stderr)
        for node in violation["nodes"][:3]:
            print(f"    {node['target']}", file=sys.stderr)
    assert not serious, f"axe found {len(serious)} serious violations on {name}"


def fits(page, name):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"


def rewards(page, browser, args, base, foreign):
    step("rewards: the parent PIN is set in the page; a weak one is refused beside the field")
    goto(page, base + "/rewards")
    expect(page.locator("#balance")).to_have_text("0 points")
    page.fill("#pin-new", "1111")
    page.click("button[value=pin]")
    expect(page.locator("#pin-new-error")).to_contain_text("too easy to guess")
    expect(page.locator("#pin-new")).to_have_attribute("aria-invalid", "true")
    page.fill("#pin-new", "2580")
    page.click("button[value=pin]")
    expect(page.locator("[role=status]").first).to_have_text("The parent PIN is saved.")

    step("rewards: a program is marked learning behind the PIN; a wrong PIN is refused and marks nothing")
    page.fill("#program", "gcompris")
    page.select_option("#category", "learning")
    page.fill("#rate", "15")
    page.fill("#program-pin", "9999")
    page.click("#program-form button[value=program]")
    expect(page.locator("#program-pin-error")).to_contain_text("Wrong PIN")
    expect(page.locator("#program")).to_have_value("gcompris")
    expect(page.locator("#programs-table")).to_have_count(0)
    page.fill("#program-pin", "2580")
    page.click("#program-form button[value=program]")
    expect(page.locator("#programs-table")).to_contain_text("gcompris")
    expect(page.locator("#programs-table")).to_contain_text("15 points a minute")

    step("rewards: points granted from the CLI show in the page; a redemption the rules refuse is named beside the field")
    subprocess.run([args.lockout, "--data-dir", args.data_dir, "rewards", "grant", "1000", "--reason", "e2e", "--pin", "2580"],
                   check=True, capture_output=True, text=True)
    goto(page, base + "/rewards")
    expect(page.locator("#balance")).to_have_text("1000 points")
    expect(page.locator("#ledger-table")).to_contain_text("by a parent: e2e")
    page.fill("#points", "35")
    page.click("button[value=redeem]")
    expect(page.locator("#points-error")).to_contain_text("not whole minutes")
    expect(page.locator("#balance")).to_have_text("1000 points")
    check_accessibility(page, "Rewards (refused)")
    page.screenshot(path=f"{args.screenshots}/rewards-refused.png", full_page=True)

    step("rewards: redeeming opens reward time, counting down live")
    page.fill("#points", "600")
    page.click("button[value=redeem]")
    expect(page.locator("[role=status]").first).to_contain_text("Points redeemed")
    expect(page.locator("#balance")).to_have_text("400 points")
    clock = page.locator("#reward-countdown time.ticking")
    expect(clock).to_be_visible()
    first = clock.inner_text()
    page.wait_for_function("t => document.querySelector('#reward-countdown time.ticking').textContent !== t", arg=first, timeout=5000)
    page.screenshot(path=f"{args.screenshots}/rewards-running.png", full_page=True)
    check_accessibility(page, "Rewards (reward time)")

    step("rewards: a quest titled with markup shows the title as text")
    page.select_option("#quest-template", "custom")
    page.fill("#quest-title", f"{REFRESH} {QUOTE}")
    page.fill("#quest-target", "20")
    page.select_option("#quest-reward-kind", "minutes")
    page.fill("#quest-reward", "30")
    page.fill("#quest-pin", "2580")
    page.click("#quest-form button[value=quest]")
    expect(page.locator("#quest-label")).to_contain_text(f"{REFRESH} {QUOTE}")
    expect_untouched(page, "Rewards with the quest", foreign)
    dark = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme="dark", reduced_motion="reduce")
    small = dark.new_page()
    small.goto(login_link(args, "rewards"))
    expect(small.locator("main h1")).to_have_text("Rewards")
    fits(small, "Rewards at 360 px with reward time")
    check_accessibility(small, "Rewards (reward time, dark)")
    small.screenshot(path=f"{args.screenshots}/rewards-running-360-dark.png", full_page=True)
    dark.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lockout", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1024, "height": 900})
        foreign = guard(context)
        page = context.new_page()

        step("a browser without the link gets nothing")
        link = login_link(args)
        base = re.match(r"(http://[^/]+)/", link).group(1)
        stranger_context = browser.new_context()
        stranger_foreign = guard(stranger_context)
        stranger = stranger_context.new_page()
        response = stranger.goto(base + "/")
        assert response.status == 401, response.status
        assert "lockout open" in stranger.content()
        assert "Eye Break" not in stranger.content()

        step("the one-time link signs in; the first open shows the three onboarding pages, then the Dashboard")
        # Breaks wait while the onboarding pages are read: at 60x an eye break falls due 20 s after the agent
        # starts, and on a busy machine the pages take longer than that. They start again before Get Started.
        lockout(args, "stop")
        # A link lives two minutes, two seconds at 60x: a fresh one, asked for just before it is opened.
        link = login_link(args)
        page.goto(link)
        expect(page.locator("main h1")).to_have_text("Rest your eyes: 20-20-20")
        check_accessibility(page, "onboarding 1")
        page.screenshot(path=f"{args.screenshots}/onboarding-1.png", full_page=True)
        page.get_by_role("link", name="Next").click()
        expect(page.locator("main h1")).to_have_text("Micro and long breaks")
        page.screenshot(path=f"{args.screenshots}/onboarding-2.png", full_page=True)
        page.get_by_role("link", name="Next").click()
        expect(page.locator("main h1")).to_have_text("Choose your breaks")
        check_accessibility(page, "onboarding 3")
        page.screenshot(path=f"{args.screenshots}/onboarding-3.png", full_page=True)
        page.get_by_role("button", name="Send a test notification").click()
        expect(page.locator("[role=status]")).to_contain_text("test notification was sent")
        lockout(args, "start")
        page.get_by_role("button", name="Get Started").click()
        expect(page.locator("main h1")).to_have_text("Dashboard")
        expect(page.locator(".label")).to_contain_text("Next: Eye Break")
        reused = stranger.goto(link)
        assert reused.status == 403, reused.status

        step("the countdown ticks")
        clock = page.locator("time.ticking").first
        first = clock.inner_text()
        page.wait_for_function("t => document.querySelector('time.ticking').textContent !== t", arg=first, timeout=5000)

        # Breaks stop while pages are visited and forms filled, and start again for the break below: on a busy
        # machine, one falling due earlier (every 20 s at 60×) would cover a page in the middle of a step.
        lockout(args, "stop")

        step("the Gate page first shows the gate's four onboarding pages")
        goto(page, base + "/gate")
        expect(page.locator("main h1")).to_have_text("Earn your screen time")
        for title in ["Your health data", "Programs to block", "All set"]:
            page.click("a.primary, a:has-text('Next')")
            expect(page.locator("main h1")).to_have_text(title)
            check_accessibility(page, f"gate onboarding: {title}")
        page.get_by_role("button", name="Get Started").click()
        expect(page.locator("main h1")).to_have_text("Gate")

        step("every page renders, passes axe, and fits 360 px and 200 % zoom")
        for name, path in PAGES:
            goto(page, base + path)
            expect(page.locator("main h1")).to_have_text(name)
            page.screenshot(path=f"{args.screenshots}/{name.lower()}.png", full_page=True)
            check_accessibility(page, name)
        for name, path in SUBPAGES:
            goto(page, base + path)
            page.screenshot(path=f"{args.screenshots}/focus-{name}.png", full_page=True)
            check_accessibility(page, f"Focus {name}")
        narrow = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme="dark")
        small = narrow.new_page()
        small.goto(login_link(args))
        for name, path in PAGES:
            goto(small, base + path)
            fits(small, f"{name} at 360 px")
            small.screenshot(path=f"{args.screenshots}/{name.lower()}-360-dark.png", full_page=True)
            check_accessibility(small, f"{name} (dark)")
        zoomed = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=2)
        big = zoomed.new_page()
        big.goto(login_link(args))
        for name, path in PAGES:
            goto(big, base + path)
            big.evaluate("document.body.style.zoom = '200%'")
            fits(big, f"{name} at 200 %")
        narrow.close()
        zoomed.close()

        step("bad schedule input is shown beside its field and changes nothing")
        goto(page, base + "/schedule")
        page.fill("#eye-interval", "0")
        page.fill("#micro-duration", "4")
        page.click("button[value=schedule]")
        expect(page.locator("#eye-interval-error")).to_have_text("0 minutes is out of range: enter 1 to 120 minutes.")
        expect(page.locator("#micro-duration-error")).to_contain_text("4 seconds is out of range")
        expect(page.locator("#eye-interval")).to_have_value("0")
        expect(page.locator("[role=alert]")).to_contain_text("nothing was saved")
        page.screenshot(path=f"{args.screenshots}/schedule-refused.png", full_page=True)
        goto(page, base + "/schedule")
        expect(page.locator("#eye-interval")).to_have_value("20")

        step("a schedule is saved: long breaks every 90 minutes, Mondays 08:00-18:00")
        page.fill("#long-interval", "90")
        page.check("#hours-2-on")
        page.fill("#hours-2-start", "08:00")
        page.fill("#hours-2-end", "18:00")
        page.click("button[value=schedule]")
        expect(page.locator("[role=status]")).to_have_text("Schedule saved.")
        expect(page.locator("#long-interval")).to_have_value("90")
        expect(page.locator("#hours-2-start")).to_have_value("08:00")
        # Working hours would hold breaks outside Monday's window: clear them again for the break below.
        page.uncheck("#hours-2-on")
        page.click("button[value=schedule]")
        expect(page.locator("[role=status]")).to_have_text("Schedule saved.")

        step("a break falls due while Settings is open: the break screen covers it; Escape keeps it, Enter is Done")
        lockout(args, "start")
        goto(page, base + "/settings")
        screen = page.locator("#break-screen[role=dialog]")
        try:
            expect(screen).to_be_visible(timeout=45000)
        except AssertionError:
            page.screenshot(path=f"{args.screenshots}/failure.png", full_page=True)
            print(subprocess.run([args.lockout, "--data-dir", args.data_dir, "status"], capture_output=True, text=True).stdout, file=sys.stderr)
            raise
        expect(screen.locator("#break-title")).to_have_text("Eye Break")
        expect(screen.locator("button[value=done]")).to_be_focused()
        expect(page.locator("main")).to_have_attribute("inert", "")
        ring = screen.locator(".ring-text")
        before = ring.inner_text()
        # At 60x a 20 s ring runs out in a third of a second and stays at 00:00: on a busy machine it may have
        # ticked to the end before this read, which shows the ticking as well as a change would.
        if before != "00:00":
            page.wait_for_function("t => document.querySelector('#break-screen .ring-text').textContent !== t", arg=before, timeout=5000)
        page.screenshot(path=f"{args.screenshots}/break-screen.png")
        page.keyboard.press("Escape")
        expect(screen).to_be_visible()
        page.keyboard.press("Enter")
        page.wait_for_url(base + "/settings")
        expect(page.locator("#break-screen")).to_have_count(0)
        goto(page, base + "/statistics")
        today = page.locator("section[aria-labelledby=breaks-heading] table.numbers tbody tr").last
        completed = int(today.locator("td").first.text_content())
        assert completed >= 1, f"Statistics counts {completed} completed breaks today"
        expect(page.locator("section[aria-labelledby=summary-heading] .figures")).to_contain_text("Total sessions")

        step("a focus session started in the page counts down live, with its activity")
        goto(page, base + "/focus/activities")
        page.fill("#name", "Écriture")
        page.click("button[value=add]")
        page.fill("#q", "ecri")
        expect(page.locator("#activity-list li:not([hidden])")).to_have_count(1)
        goto(page, base + "/focus")
        page.select_option("#focus-mode", "timer")
        page.fill("#minutes", "25")
        page.select_option("#focus-activity", "Écriture")
        page.click("button[value=start]")
        expect(page.locator(".label").first).to_contain_text("Écriture")
        clock = page.locator(".focus-ring time.ticking")
        first = clock.inner_text()
        page.wait_for_function("t => document.querySelector('.focus-ring time.ticking').textContent !== t", arg=first, timeout=5000)
        page.screenshot(path=f"{args.screenshots}/focus-running.png", full_page=True)
        check_accessibility(page, "Focus (running)")
        page.click("button[value=stop]")
        expect(page.locator("#start-heading")).to_be_visible()

        step("a program is blocked from the Gate page; a shell is refused with the reason")
        goto(page, base + "/gate")
        page.fill("#executable", "steam")
        page.click("button[value=block]")
        expect(page.locator("#blocked-list")).to_contain_text("steam")
        page.fill("#executable", "bash")
        page.click("button[value=block]")
        expect(page.locator("#executable-error")).to_contain_text("can never be blocked")
        page.screenshot(path=f"{args.screenshots}/gate-refused.png", full_page=True)

        markup(page, stranger, args, base, foreign, stranger_foreign)
        rewards(page, browser, args, base, foreign)

        step("a form from another origin is refused")
        forged = stranger.request.post(base + "/actions/break", form={"command": "stop"}, headers={"Origin": "http://evil.example"})
        assert forged.status in (401, 403), forged.status

        browser.close()
    step("passed")


if __name__ == "__main__":
    main()
