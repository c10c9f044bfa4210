import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))
jax.set_mesh(mesh)


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, ids):
        return self.out(self.embed(ids))


@nnx.jit
def logits_fn(model, ids):
    return model(ids)


model = TinyLM(256, 32, nnx.Rngs(0))
ids = jax.device_put(jnp.zeros((8, 12), jnp.int32), P("data", None))
print(logits_fn.trace(model, ids).lower(lowering_platforms=("cuda",)).as_text()[:60])
