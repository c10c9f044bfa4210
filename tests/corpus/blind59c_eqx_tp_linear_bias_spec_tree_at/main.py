import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class FeedForward(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear
    norm: eqx.nn.LayerNorm

    def __init__(self, d_model, d_ff, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(d_model, d_ff, key=k1)
        self.down = eqx.nn.Linear(d_ff, d_model, use_bias=False, key=k2)
        self.norm = eqx.nn.LayerNorm(d_model)

    def __call__(self, x):
        h = jax.nn.gelu(self.up(self.norm(x)))
        return jax.lax.psum(self.down(h), "model") + x


def ffn_specs(ffn):
    specs = jax.tree.map(lambda _: P(), ffn)
    return eqx.tree_at(
        lambda s: (s.up.weight, s.up.bias, s.down.weight),
        specs,
        (P("model", None), P("model"), P(None, "model")),
    )


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
    ffn = FeedForward(256, 1024, key=jax.random.PRNGKey(0))
    specs = ffn_specs(ffn)

    def apply(ffn, x):
        return jax.vmap(ffn)(x)

    fwd = jax.jit(jax.shard_map(apply, mesh=mesh, in_specs=(specs, P("data")),
                                out_specs=P("data")))
    x = jnp.ones((8, 256), jnp.float32)
    fwd.trace(ffn, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
