//! Headless Chromium through chromedriver (WebDriver, `fantoccini`): a
//! session whose window is a phone's width, and what a person checks on
//! every page — it loads without a console error, axe-core finds no serious
//! or critical accessibility violation, and nothing overflows 375 px.

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};
use std::path::PathBuf;

/// The width every page must fit: a phone's, 375 px.
pub const WIDTH: u32 = 375;
/// A laptop's width, at which every sort of page is also read.
pub const WIDE: u32 = 1280;
const HEIGHT: u32 = 812;
/// The tallest whole-page screenshot: a long crosstable is cut here.
const TALLEST: u32 = 6000;

pub struct Browser {
    pub client: Client,
    axe: String,
    pub shots: PathBuf,
}

/// Chromium's console log since the last read (chromedriver's
/// `goog:loggingPrefs` log, read with its `se/log` endpoint).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or("")))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

/// Runs axe-core over the document and answers its serious and critical
/// violations, one line each (rule, impact, the first offending nodes).
const AXE_RUN: &str = r#"
const [contrast, done] = arguments;
axe.run(document, {resultTypes: ['violations'], rules: {'color-contrast': {enabled: contrast}}}).then(r => done(
  r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)
), e => done(['axe failed: ' + e]));
"#;

impl Browser {
    /// A session on the chromedriver at `webdriver`; `axe` is axe-core's
    /// source, `shots` the folder screenshots go to.
    pub async fn open(webdriver: &str, axe: String, shots: PathBuf) -> Browser {
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": binary,
                // --no-sandbox: CI runs as root, where Chromium's sandbox
                // refuses to start.
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--hide-scrollbars",
                         format!("--window-size={WIDTH},{HEIGHT}")],
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        });
        let serde_json::Value::Object(caps) = caps else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(webdriver)
            .await
            .unwrap_or_else(|e| panic!("no WebDriver session at {webdriver}: {e}"));
        client
            .set_window_size(WIDTH, HEIGHT)
            .await
            .expect("window size");
        // axe-core over a long page (thousands of elements) takes tens of
        // seconds on two cores; WebDriver's default is 30.
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(
            Some(std::time::Duration::from_secs(120)),
            Some(std::time::Duration::from_secs(60)),
            None,
        );
        client.update_timeouts(timeouts).await.expect("timeouts");
        std::fs::create_dir_all(&shots).expect("screenshot folder");
        Browser { client, axe, shots }
    }

    /// Loads `url`; the console errors it caused (a browser's own request
    /// for /favicon.ico aside: no page asks for it).
    pub async fn visit(&self, url: &str) -> Vec<String> {
        self.console().await; // drops what earlier pages logged
        self.client.goto(url).await.expect("page loads");
        self.console()
            .await
            .into_iter()
            .filter(|m| !m.contains("/favicon.ico"))
            .collect()
    }

    /// The SEVERE entries of the browser log since the last read.
    async fn console(&self) -> Vec<String> {
        let log = self
            .client
            .issue_cmd(BrowserLog)
            .await
            .expect("browser log");
        log.as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// The current page's serious and critical axe-core violations (or
    /// why axe-core could not run); `contrast`: with the colour-contrast
    /// rule.
    pub async fn axe(&self, contrast: bool) -> Vec<String> {
        let loaded = self
            .client
            .execute(&format!("{}\nreturn true;", self.axe), vec![])
            .await;
        if let Err(e) = loaded {
            return vec![format!("axe-core did not load: {e}")];
        }
        match self
            .client
            .execute_async(AXE_RUN, vec![json!(contrast)])
            .await
        {
            Ok(found) => strings(&found),
            Err(e) => vec![format!("axe-core did not finish: {e}")],
        }
    }

    /// The page's width and the viewport's: (scrollWidth, innerWidth).
    pub async fn widths(&self) -> (u64, u64) {
        let w = self
            .client
            .execute(
                "return [document.documentElement.scrollWidth, window.innerWidth];",
                vec![],
            )
            .await
            .expect("widths");
        (w[0].as_u64().unwrap_or(0), w[1].as_u64().unwrap_or(0))
    }

    /// Sets the window to `width` and `height` px.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .expect("window size");
    }

    /// Saves the whole page (not only the screen's height, up to
    /// [`TALLEST`] px) as `name`.png, laid out `width` px wide; the window
    /// is a phone's again afterwards.
    pub async fn whole_page(&self, name: &str, width: u32) {
        self.resize(width, HEIGHT).await;
        let tall = self
            .js("return document.documentElement.scrollHeight;", vec![])
            .await
            .as_u64()
            .unwrap_or(u64::from(HEIGHT));
        let height = u32::try_from(tall)
            .unwrap_or(TALLEST)
            .clamp(HEIGHT, TALLEST);
        self.resize(width, height).await;
        self.screenshot(name).await;
        self.resize(WIDTH, HEIGHT).await;
    }

    /// Saves the page as `name`.png in the screenshot folder.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(self.shots.join(format!("{name}.png")), png).expect("write screenshot");
    }

    /// Runs `script` (a function body reading `arguments`) with `args`.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }
}

pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|s| s.as_str().map_or_else(|| s.to_string(), str::to_owned))
        .collect()
}
