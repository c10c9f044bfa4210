import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx

mesh = jax.make_mesh((4,), ("x",), devices=jax.devices())


class Emb(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(128, 16, rngs=rngs)

    def __call__(self, ids):
        return self.embed(ids)


model = Emb(nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"), check_rep=False)
def embed_lookup(model, ids):
    return model(ids)


ids = jnp.zeros((8, 4), jnp.int32)
print(jax.jit(embed_lookup).trace(model, ids).lower(lowering_platforms=("cuda",)).as_text()[:10])
