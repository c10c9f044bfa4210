import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Embedder(eqx.Module):
    table: jax.Array

    def __init__(self, vocab, dim, key):
        self.table = jax.random.normal(key, (vocab, dim)) * 0.02

    def __call__(self, ids):
        # ids: (batch, seq) split over "data"; the table is replicated
        return self.table.at[ids].get(out_sharding=P("data", None, None))


class LM(eqx.Module):
    embed: Embedder
    proj: jax.Array

    def __call__(self, ids):
        h = self.embed(ids)
        return jnp.einsum("bsd,dv->bsv", h, self.proj)


mesh = jax.make_mesh((4,), ("data",))
with jax.set_mesh(mesh):
    k1, k2 = jax.random.split(jax.random.key(0))
    lm = LM(Embedder(512, 64, k1), jax.random.normal(k2, (64, 512)))
    ids = jax.device_put(jnp.ones((8, 16), jnp.int32), P("data", None))

    @eqx.filter_jit
    def logits(lm, ids):
        return lm(ids)

    out = jax.jit(logits).trace(lm, ids).lower(lowering_platforms=("cuda",))
    print(type(out).__name__)
