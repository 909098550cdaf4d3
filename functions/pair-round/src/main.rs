#[tokio::main]
async fn main() -> Result<(), arbiter_http::lambda::Error> {
    arbiter_http::lambda::serve_http_and_schedule(pair_round::handle, pair_round::on_schedule).await
}
