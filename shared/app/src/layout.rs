//! The app's frame: the public pages' stylesheet and the app's own, a
//! header saying who is signed in (with the sign-out button), and the body.
//! No script: every act is a form that works without one.

use maud::{html, Markup, DOCTYPE};

/// Where the app lives under the server's origin; its front door is `/`.
pub const ROOT: &str = "/app";

/// Who is looking at a screen.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    /// The signed-in user's id; `None`: a visitor.
    pub user: Option<String>,
    /// May create competitions (the platform's organizers).
    pub may_organize: bool,
    /// The session's token against cross-site requests, put in every form.
    pub csrf: String,
}

impl Viewer {
    pub fn signed_in(&self) -> bool {
        self.user.is_some()
    }
}

/// A whole HTML document for the app.
pub fn document(title: &str, viewer: &Viewer, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · Arbiter" }
                link rel="icon" href="data:,";
                link rel="stylesheet" href="/pages/style.css";
                link rel="stylesheet" href={ (ROOT) "/style.css" };
                // The one script: clicking orders on a board's map, over
                // the form that works without it.
                script src={ (ROOT) "/map.js" } defer {}
            }
            body {
                header.app {
                    nav aria-label="Site" {
                        ul {
                            li { a href="/" { strong { "Arbiter" } } }
                            li { a href="/pages" { "Public competitions" } }
                            @if viewer.may_organize {
                                li { a href={ (ROOT) "/new" } { "New competition" } }
                            }
                            li.who { (who(viewer)) }
                        }
                    }
                    h1 { (title) }
                }
                main { (body) }
                footer { p { "Arbiter runs the rules; every act here is refused or recorded as its rulebook says." } }
            }
        }
    }
    .into_string()
}

fn who(viewer: &Viewer) -> Markup {
    match &viewer.user {
        Some(user) => html! {
            "Signed in as " strong { (user) }
            form.inline method="post" action={ (ROOT) "/sign-out" } {
                input type="hidden" name="csrf" value=(viewer.csrf);
                button type="submit" { "Sign out" }
            }
        },
        None => html! { a href={ (ROOT) "/sign-in" } { "Sign in" } },
    }
}

/// The app's stylesheet, over the public pages' one.
pub const STYLESHEET: &str = include_str!("app.css");

/// The map's clicks: a small enhancement over the orders form.
pub const MAP_SCRIPT: &str = include_str!("map.js");
