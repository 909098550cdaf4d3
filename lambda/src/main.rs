use arbiter_http::lambda::init_failed;

#[tokio::main]
async fn main() -> Result<(), arbiter_http::lambda::Error> {
    let Ok(handler) = std::env::var("_HANDLER") else {
        return Err(init_failed(
            "_HANDLER is not set (Lambda sets it to the function's Handler)".into(),
        )
        .await);
    };
    if !arbiter_lambda::FUNCTIONS.contains(&handler.as_str()) {
        return Err(init_failed(arbiter_lambda::unknown(&handler)).await);
    }
    arbiter_lambda::run(&handler).await
}
