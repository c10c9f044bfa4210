"""Embedding + MLP annotated with axis names, shardings from nn.get_partition_spec."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding

EMBED, MLP, VOCAB = 'embed', 'mlp', 'vocab'


class TinyLM(nn.Module):
  vocab: int = 1024
  d_model: int = 128
  d_ff: int = 512

  def setup(self):
    self.embed = nn.Embed(
        self.vocab, self.d_model,
        embedding_init=nn.with_partitioning(nn.initializers.normal(1.0), (VOCAB, EMBED)))
    self.up = nn.Dense(self.d_ff, kernel_init=nn.with_partitioning(
        nn.initializers.lecun_normal(), (EMBED, MLP)))
    self.down = nn.Dense(self.d_model, kernel_init=nn.with_partitioning(
        nn.initializers.lecun_normal(), (MLP, EMBED)))

  def __call__(self, tokens):
    x = self.embed(tokens)
    x = x + self.down(nn.gelu(self.up(x)))
    return self.embed.attend(x)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = TinyLM()
tokens = jnp.zeros((8, 32), jnp.int32)

abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), tokens)
specs = nn.get_partition_spec(abstract)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
init = jax.jit(model.init, out_shardings=shardings)
print(init.trace(jax.random.PRNGKey(0), tokens).lower(lowering_platforms=('cuda',)).as_text()[:8])
