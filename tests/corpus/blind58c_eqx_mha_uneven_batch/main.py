import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(AxisType.Auto,))


class CrossAttnPool(eqx.Module):
    query: jax.Array
    attn: eqx.nn.MultiheadAttention
    norm: eqx.nn.LayerNorm
    head: eqx.nn.Linear

    def __init__(self, dim, n_heads, n_out, *, key):
        kq, ka, kh = jax.random.split(key, 3)
        self.query = jax.random.normal(kq, (1, dim))
        self.attn = eqx.nn.MultiheadAttention(n_heads, dim, key=ka)
        self.norm = eqx.nn.LayerNorm(dim)
        self.head = eqx.nn.Linear(dim, n_out, key=kh)

    def __call__(self, tokens):
        tokens = jax.vmap(self.norm)(tokens)
        pooled = self.attn(self.query, tokens, tokens)[0]
        return self.head(pooled)


def local_loss(params, static, tokens, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(tokens)
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1)
    return lax.pmean(nll.mean(), "dp")


def main():
    model = CrossAttnPool(96, 6, 5, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    specs = jax.tree.map(lambda _: P(), params)
    loss = jax.shard_map(functools.partial(local_loss, static=static), mesh=mesh,
                         in_specs=(specs, P("dp"), P("dp")), out_specs=P())
    grad_fn = jax.jit(jax.value_and_grad(loss))

    # an eval split of 6 clips
    tokens = jnp.zeros((6, 50, 96), jnp.float32)
    labels = jnp.zeros((6,), jnp.int32)
    grad_fn.trace(params, tokens, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
