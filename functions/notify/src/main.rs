#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    notify::serve().await
}
