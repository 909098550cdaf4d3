#[tokio::main]
async fn main() -> Result<(), arbiter_http::lambda::Error> {
    arbiter_http::lambda::serve_http(subscriptions::handle).await
}
