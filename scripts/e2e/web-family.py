#!/usr/bin/env python3
"""A parent pairs and steers a child's device from the web app alone, its break schedule and its rewards (run by
scripts/e2e/web-family.sh). The three mode choices are laid out alike; a child's device named with markup and
a parent's quest titled with it show the markup as text on the other side, and no page is sent elsewhere."""
import argparse
import subprocess
import sys

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright
from payloads import QUOTE, REFRESH, expect_untouched, goto, guard


def check_accessibility(page, name):
    serious = [v for v in Axe().run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
    for violation in serious:
        print(f"  axe on {name}: {violation['id']} ({violation['impact']}): {violation['help']} {violation['nodes'][0]['target']}", file=sys.stderr)
    assert not serious, f"axe found {len(serious)} serious violations on {name}"


def link(args, side, page):
    return subprocess.run(
        [args.lockout, "--data-dir", f"{args.root}/{side}", "open", page, "--print"], check=True, capture_output=True, text=True
    ).stdout.strip()


def step(text):
    print(f"web-family: {text}", flush=True)


def expect_rows_alike(page, name):
    """The mode choices share one structure and one layout: title, summary and button at the same places."""
    rows = page.locator("section[aria-labelledby=mode-heading] li")
    expect(rows).to_have_count(3)
    structures = rows.evaluate_all(
        "rows => rows.map(row => Array.from(row.querySelectorAll('*')).map(e => e.tagName + '.' + e.className).join(' '))")
    assert len(set(structures)) == 1, f"{name}: the rows differ: {structures}"
    boxes = []
    for index in range(3):
        row = rows.nth(index)
        boxes.append({part: row.locator(selector).first.bounding_box()
                      for part, selector in [("row", ":scope"), ("title", ".task-title"), ("summary", ".hint"), ("button", "button")]})
    first = boxes[0]
    for index, box in enumerate(boxes):
        for part in ["title", "summary", "button"]:
            assert abs(box[part]["x"] - first[part]["x"]) < 1, f"{name}: row {index + 1}'s {part} at x {box[part]['x']}, not {first[part]['x']}"
        for part in ["title", "summary"]:  # the button is centred on rows whose summaries wrap differently
            offset, first_offset = box[part]["y"] - box["row"]["y"], first[part]["y"] - first["row"]["y"]
            assert abs(offset - first_offset) < 1, f"{name}: row {index + 1}'s {part} {offset}px down its row, not {first_offset}px"
        assert box["summary"]["y"] >= box["title"]["y"] + box["title"]["height"] - 1, f"{name}: row {index + 1}'s summary is not below its title"
        assert box["button"]["x"] >= box["summary"]["x"] + 1, f"{name}: row {index + 1}'s button is not at its end"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lockout", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        parent_context, child_context = browser.new_context(), browser.new_context()
        parent_foreign, child_foreign = guard(parent_context), guard(child_context)
        parent = parent_context.new_page()
        child = child_context.new_page()

        step("the three mode choices are laid out alike, wide and at 360 px")
        parent.goto(link(args, "parent", "family"))
        expect(parent.locator("h2#mode-heading")).to_have_text("Who uses this device?")
        expect_rows_alike(parent, "the mode choices")
        parent.screenshot(path=f"{args.screenshots}/family-modes.png", full_page=True)
        check_accessibility(parent, "the mode choices")
        viewport = parent.viewport_size
        parent.set_viewport_size({"width": 360, "height": 800})
        expect_rows_alike(parent, "the mode choices at 360 px")
        parent.screenshot(path=f"{args.screenshots}/family-modes-360.png", full_page=True)
        parent.set_viewport_size(viewport)

        step("the parent chooses its mode and starts a family")
        parent.get_by_role("button", name="Choose Parent Device").click()
        parent.fill("#server", args.server)
        parent.get_by_role("button", name="Start the family").click()
        expect(parent.locator("#devices-heading")).to_be_visible()

        step("the parent shows a pairing code as a QR code; the child joins with it")
        parent.get_by_role("button", name="Show a pairing code").click()
        expect(parent.locator("svg.qr")).to_be_visible()
        parent.screenshot(path=f"{args.screenshots}/family-pairing.png", full_page=True)
        payload = parent.locator("#pairing-payload").input_value()
        assert payload.startswith("lockout-pair:"), payload
        child.goto(link(args, "child", "family"))
        child.get_by_role("button", name="Choose Child Device").click()
        step("the child names its device with markup that would send the parent's page elsewhere")
        subprocess.run([args.lockout, "--data-dir", f"{args.root}/child", "family", "setup", "child", "--name", REFRESH],
                       check=True, capture_output=True, text=True)
        child.fill("#payload", payload)
        child.get_by_role("button", name="Join").click()
        expect(child.locator("main")).to_contain_text("in a family")

        step("the parent sees the child's device, named as text, and sends it a break schedule")
        goto(parent, "/".join(parent.url.split("/")[:3]) + "/family")
        expect_untouched(parent, "the parent's Family page", parent_foreign)
        step("the family is end-to-end encrypted from its start, and its page says so")
        expect(parent.locator("p.encryption")).to_contain_text("end-to-end encrypted")
        device = parent.locator("#device-list a.task-title")
        expect(device).to_have_count(1)
        expect(device).to_have_text(REFRESH)
        device.click()
        expect(parent.locator("h2.device-name")).to_have_text(REFRESH)
        expect_untouched(parent, "the child's device page", parent_foreign)
        parent.select_option("#send-kind", "eye")
        parent.fill("#interval", "25")
        parent.fill("#duration", "20")
        parent.get_by_role("button", name="Send break settings").click()
        expect(parent.locator("#command-list")).to_contain_text("eye breaks every 25 min")

        step("the child's running agent applies it at once and the parent sees the acknowledgement")
        for _ in range(30):
            if "applied" in parent.locator("#command-list").inner_text():
                break
            parent.wait_for_timeout(1000)
            parent.reload()
        expect(parent.locator("#command-list")).to_contain_text("applied")
        parent.screenshot(path=f"{args.screenshots}/family-device.png", full_page=True)

        step("the parent marks a child's program learning and grants points; a bad rate is refused beside its field")
        parent.fill("#reward-program", "gcompris")
        parent.select_option("#reward-category", "learning")
        parent.fill("#reward-rate", "500")
        parent.get_by_role("button", name="Send the program").click()
        expect(parent.locator("#reward-rate-error")).to_contain_text("out of range")
        parent.fill("#reward-rate", "12")
        parent.get_by_role("button", name="Send the program").click()
        expect(parent.locator("#command-list")).to_contain_text("rewards: gcompris learning, 12 points a minute")
        parent.fill("#reward-adjust-points", "150")
        parent.fill("#reward-adjust-reason", "helped with the dishes")
        parent.get_by_role("button", name="Grant points").click()
        expect(parent.locator("#command-list")).to_contain_text("grant 150 points: helped with the dishes")
        step("the parent sends a quest titled with markup; its own page shows the title as text")
        parent.select_option("#reward-quest-template", "custom")
        parent.fill("#reward-quest-title", f"{REFRESH} {QUOTE}")
        parent.fill("#reward-quest-target", "20")
        parent.select_option("#reward-quest-reward-kind", "minutes")
        parent.fill("#reward-quest-reward", "30")
        parent.get_by_role("button", name="Send the quest").click()
        expect(parent.locator("#command-list")).to_contain_text(REFRESH)
        expect_untouched(parent, "the child's device page with the quest sent", parent_foreign)
        for _ in range(30):
            if "waiting for the device" not in parent.locator("#command-list").inner_text():
                break
            parent.wait_for_timeout(1000)
            parent.reload()
        expect(parent.locator("#command-list")).not_to_contain_text("waiting for the device")
        parent.screenshot(path=f"{args.screenshots}/family-device-rewards.png", full_page=True)
        check_accessibility(parent, "the child's device page with its rewards")

        step("the child's Rewards page shows the program and the points its agent applied")
        goto(child, "/".join(child.url.split("/")[:3]) + "/rewards")
        expect(child.locator("#balance")).to_have_text("150 points")
        expect(child.locator("#programs-table")).to_contain_text("12 points a minute")
        expect(child.locator("#ledger-table")).to_contain_text("helped with the dishes")
        expect(child.locator("#quest-label")).to_contain_text(f"{REFRESH} {QUOTE}")
        expect_untouched(child, "the child's Rewards page", child_foreign)
        child.screenshot(path=f"{args.screenshots}/child-rewards.png", full_page=True)
        check_accessibility(child, "the child's Rewards page")
        browser.close()
    step("passed")


if __name__ == "__main__":
    main()
