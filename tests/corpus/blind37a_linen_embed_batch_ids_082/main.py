import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class TinyLM(nn.Module):
    vocab: int = 256
    dim: int = 64

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.dim, name="embed")
        h = embed(tokens)
        h = nn.Dense(self.dim)(nn.LayerNorm()(h))
        return embed.attend(h)


mesh = jax.make_mesh((4,), ("batch",))
model = TinyLM()
params = model.init(jax.random.key(0), jnp.zeros((1, 8), jnp.int32))

with jax.set_mesh(mesh):
    tokens = jax.device_put(jnp.zeros((16, 8), jnp.int32), P("batch", None))
    params = jax.device_put(params, P())
    logits_fn = jax.jit(lambda p, t: model.apply(p, t))
    print(logits_fn.trace(params, tokens).lower(lowering_platforms=("cuda",)).as_text()[:30])
