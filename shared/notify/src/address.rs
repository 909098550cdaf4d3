//! Which network addresses a notification may be sent to. The notifier posts
//! from inside the organizer's account: an address of that network, of the
//! machine itself (the Lambda Runtime API listens on loopback) or of the
//! cloud's metadata service must never be a target, whatever form it is
//! written in or whatever a name resolves to.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `ip` is internal: private (RFC 1918), shared (100.64.0.0/10,
/// RFC 6598), loopback, link-local (the metadata service at 169.254.169.254
/// among them), unspecified or broadcast; for IPv6 the same, unique local
/// (fc00::/7) and link-local (fe80::/10), and any IPv4 address written in an
/// IPv6 form (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
/// NAT64 `64:ff9b::a.b.c.d`) is judged as that IPv4 address.
pub fn is_internal(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => internal_v4(v4),
        IpAddr::V6(v6) => internal_v6(v6),
    }
}

fn internal_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    let shared = a == 100 && (64..=127).contains(&b);
    ip.is_private()
        || shared
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || a == 0
}

fn internal_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return internal_v4(v4);
    }
    let first = ip.segments()[0];
    ip.is_loopback()
        || ip.is_unspecified()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
}

/// The IPv4 address an IPv6 address carries, in the forms that route to it.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    let mapped = s[..5] == [0; 5] && s[5] == 0xffff;
    let compatible = s[..6] == [0; 6] && !ip.is_loopback() && !ip.is_unspecified();
    let nat64 = s[..6] == [0x64, 0xff9b, 0, 0, 0, 0];
    (mapped || compatible || nat64).then_some(low)
}

/// A DNS resolver for the production HTTP client: it resolves at send time
/// and drops every internal answer, so a public name that resolves to (or
/// is later rebound to) a private address cannot reach inside. A name with
/// nothing but internal answers fails the delivery like an unknown host.
#[derive(Debug, Clone, Copy, Default)]
pub struct PublicResolver;

impl reqwest::dns::Resolve for PublicResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let public: Vec<std::net::SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| !is_internal(a.ip()))
                .collect();
            if public.is_empty() {
                let refused = std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    format!("{host} resolves only to internal addresses"),
                );
                return Err(Box::new(refused) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(public.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_in_every_form_are_refused() {
        for internal in [
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            // IPv4-mapped forms of a private and the metadata address.
            "::ffff:10.0.0.1",
            "::ffff:a9fe:a9fe",
            "::ffff:127.0.0.1",
            "::10.0.0.1",
            "64:ff9b::a9fe:a9fe",
        ] {
            let ip: IpAddr = internal.parse().unwrap();
            assert!(is_internal(ip), "{internal} is internal");
        }
        for public in [
            "93.184.215.14",
            "100.63.255.255",
            "100.128.0.1",
            "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
            "::ffff:93.184.215.14",
        ] {
            let ip: IpAddr = public.parse().unwrap();
            assert!(!is_internal(ip), "{public} is public");
        }
    }

    #[tokio::test]
    async fn the_public_resolver_refuses_a_name_of_loopback() {
        use reqwest::dns::Resolve;
        let name: reqwest::dns::Name = "localhost".parse().unwrap();
        let result = PublicResolver.resolve(name).await;
        assert!(result.is_err(), "localhost resolves only to loopback");
    }
}
