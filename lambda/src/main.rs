#[tokio::main]
async fn main() -> Result<(), arbiter_http::lambda::Error> {
    let handler = std::env::var("_HANDLER")
        .map_err(|_| "_HANDLER is not set (Lambda sets it to the function's Handler)")?;
    arbiter_lambda::run(&handler).await
}
