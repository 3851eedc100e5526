"""What the browser tests put into the web app to check that markup from anyone stays text: the payloads, a
guard that records every request leaving the machine, and the check that a page kept to itself.

Imported by scripts/e2e/web.py and scripts/e2e/web-family.py, with `goto`, the navigation both use."""

# Text made to slip past an escaper that compares grapheme clusters: a prepend letter (U+0D4E) joins the < or >
# after it into one character, a combining mark (U+0301) the " before it. Raw, the first sends the page elsewhere.
REFRESH = "\u0d4e<meta http-equiv=refresh content=0;url=//example.org/\u0d4e>"
QUOTE = "x\"\u0301 data-injected=\"\u03011"
# An element in a name that may hold no space or slash (an executable's).
ELEMENT = "\u0d4e<injected\u0d4e>"


def guard(context):
    """Records and refuses every request that leaves the machine: a page sent elsewhere shows up here."""
    foreign = []

    def route(route):
        if route.request.url.startswith("http://127.0.0.1:"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    return foreign


def expect_untouched(page, name, foreign):
    """The page holds no element or attribute of a payload's and stays where it is."""
    url = page.url
    page.wait_for_timeout(1500)  # a refresh after 0 s has left by now
    assert page.url == url, f"{name} was sent to {page.url}"
    assert not foreign, f"{name} asked for {foreign}"
    assert page.locator("meta[http-equiv], injected, [data-injected]").count() == 0, f"{name} has markup from a payload"


def goto(page, url, attempts=3):
    """Opens `url` in `page`. A live page reloads itself when the agent's state changes (a break falls due every
    20 s at 60x), and a navigation that its reload interrupts is aborted: that one is tried again."""
    for attempt in range(attempts):
        try:
            return page.goto(url)
        except Exception as error:  # playwright's Error; a reload interrupting the navigation names ERR_ABORTED
            if "ERR_ABORTED" not in str(error) or attempt == attempts - 1:
                raise
            page.wait_for_load_state()
