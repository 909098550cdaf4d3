//! A browser for the app's pages over HTTP, as a browser sends them: its
//! cookies kept, form posts with the `Origin` of this server's own pages,
//! and no redirect followed, so a test sees each 303 and where it leads.

use crate::{TestServer, TestStore};
use std::collections::HashMap;

/// A browser: its cookies, no redirects followed.
pub struct Browser<'s, S> {
    pub s: &'s TestServer<S>,
    pub http: reqwest::Client,
    pub jar: HashMap<String, String>,
}

pub struct Answer {
    pub status: u16,
    pub location: String,
    pub set_cookies: Vec<String>,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Answer {
    pub fn sets(&self, name: &str) -> Option<&String> {
        self.set_cookies
            .iter()
            .find(|c| c.starts_with(&format!("{name}=")))
    }

    /// Whether it signs a session in (not out).
    pub fn signs_in(&self) -> bool {
        self.sets("arbiter_session")
            .is_some_and(|c| !c.starts_with("arbiter_session=;"))
    }
}

impl<'s, S: TestStore> Browser<'s, S> {
    pub fn new(s: &'s TestServer<S>) -> Self {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        Browser {
            s,
            http,
            jar: HashMap::new(),
        }
    }

    pub async fn send(&mut self, req: reqwest::RequestBuilder) -> Answer {
        let cookies: Vec<String> = self.jar.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let req = if cookies.is_empty() {
            req
        } else {
            req.header("cookie", cookies.join("; "))
        };
        let r = req.send().await.expect("the server answers");
        let status = r.status().as_u16();
        let headers = r.headers().clone();
        let set_cookies: Vec<String> = headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().expect("text").to_owned())
            .collect();
        for c in &set_cookies {
            let (name, value) = c
                .split(';')
                .next()
                .and_then(|p| p.split_once('='))
                .expect("name=value");
            if value.is_empty() || c.contains("Max-Age=0") {
                self.jar.remove(name);
            } else {
                self.jar.insert(name.to_owned(), value.to_owned());
            }
        }
        let location = headers
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = r.text().await.expect("a body");
        Answer {
            status,
            location,
            set_cookies,
            headers,
            body,
        }
    }

    pub async fn get(&mut self, path_or_url: &str) -> Answer {
        let url = if path_or_url.starts_with("http") {
            path_or_url.to_owned()
        } else {
            self.s.url(path_or_url)
        };
        self.send(self.http.get(url)).await
    }

    /// A form post from this server's own page.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let origin = self.s.base.clone();
        self.post_from(path, fields, &origin).await
    }

    /// The anti-forgery token of the page at `path`.
    pub async fn csrf(&mut self, path: &str) -> String {
        let page = self.get(path).await.body;
        page.split_once("name=\"csrf\" value=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(v, _)| v.to_owned())
            .unwrap_or_default()
    }

    /// A form post sent from `origin`'s page (another site's, to be refused).
    pub async fn post_from(&mut self, path: &str, fields: &[(&str, &str)], origin: &str) -> Answer {
        let req = self
            .http
            .post(self.s.url(path))
            .header("origin", origin)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(encode(fields));
        self.send(req).await
    }

    /// Signs in with the local server's development sign-in.
    pub async fn dev_sign_in(&mut self, user: &str, organizer: bool) -> Answer {
        let mut fields = vec![("user", user)];
        if organizer {
            fields.push(("organizer", "true"));
        }
        self.post("/app/sign-in", &fields).await
    }
}

/// Form fields as a browser encodes them.
pub fn encode(fields: &[(&str, &str)]) -> String {
    let mut body = form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        body.append_pair(k, v);
    }
    body.finish()
}
