"""Tiny ViT-style classifier on an explicit-sharding mesh. The patch embedding runs with explicit
shardings; the flattening helper kept from the Auto-sharding code base is called through
jax.sharding.auto_axes with the output sharding it must produce."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, auto_axes

from legacy_ops import flatten_tokens

PATCH = 4


def patchify(images):
    b, h, w, c = images.shape
    x = jnp.reshape(images, (b, h // PATCH, PATCH, w // PATCH, PATCH, c), out_sharding=P("data"))
    x = x.transpose(0, 1, 3, 2, 4, 5)
    return jnp.reshape(x, (b, (h // PATCH) * (w // PATCH), PATCH * PATCH * c),
                       out_sharding=P("data"))


def logits_fn(params, images):
    tokens = patchify(images)                                   # [B@data, N, P*P*C]
    h = jax.nn.gelu(tokens @ params["embed"])                   # [B@data, N, D@model]
    flat = auto_axes(flatten_tokens, out_sharding=P("data", None))(h)
    return flat @ params["head"]


def loss_fn(params, images, labels):
    logp = jax.nn.log_softmax(logits_fn(params, images))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    spec = lambda shape, p, dtype=jnp.float32: jax.ShapeDtypeStruct(
        shape, dtype, sharding=NamedSharding(mesh, p))
    params = {"embed": spec((48, 128), P(None, "model")), "head": spec((64 * 128, 10), P())}
    images = spec((32, 32, 32, 3), P("data"))
    labels = spec((32,), P("data"), jnp.int32)
    with jax.set_mesh(mesh):
        jax.jit(jax.grad(loss_fn)).trace(params, images, labels).lower(lowering_platforms=("tpu",))
