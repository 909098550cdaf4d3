#[tokio::main]
async fn main() -> Result<(), arbiter_http::lambda::Error> {
    arbiter_http::lambda::serve_schedule(adjudicate_deadline::on_schedule).await
}
