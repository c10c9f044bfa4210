import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class Decoder(nn.Module):
    vocab: int = 512
    dim: int = 64

    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(self.vocab, self.dim, name="tok")
        h = emb(tokens)
        h = nn.Dense(self.dim)(nn.gelu(nn.Dense(4 * self.dim)(h)))
        return emb.attend(h)


model = Decoder()

with jax.set_mesh(jax.make_mesh((2, 2), ("data", "model"))):
    prompt = jnp.array([[1, 2, 3, 4, 5, 6, 7, 8]], dtype=jnp.int32)
    params = model.init(jax.random.key(0), prompt)
    params = jax.device_put(params, P())

    @jax.jit
    def next_token(params, tokens):
        logits = model.apply(params, tokens)
        return jnp.argmax(logits[:, -1, :], axis=-1)

    print(next_token.trace(params, prompt).lower(lowering_platforms=("cuda",)).as_text()[:20])
