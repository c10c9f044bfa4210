import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


class TokenEncoder(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(
            vocab, dim, rngs=rngs,
            embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (None, "model")),
        )
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, ids):
        return self.norm(self.embed(ids))


model = TokenEncoder(1000, 64, rngs=nnx.Rngs(0))


@nnx.jit
def encode(model, ids):
    return jax.vmap(lambda seq: model(seq))(ids)


ids = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))
print(encode.trace(model, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
