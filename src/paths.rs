//! The web app's addresses that answers carry: a blog's page and a post's page. Every
//! feature that names a blog or a post writes them the same way from here.

/// A blog's page.
pub(crate) fn blog_url(name: &str) -> String {
    format!("/blog/{name}")
}

/// A post's page: `/blog/{blog}/post/{id}`, with its slug after when it has one.
pub(crate) fn post_url(blog: &str, id: i64, slug: &str) -> String {
    if slug.is_empty() {
        format!("/blog/{blog}/post/{id}")
    } else {
        format!("/blog/{blog}/post/{id}/{slug}")
    }
}
