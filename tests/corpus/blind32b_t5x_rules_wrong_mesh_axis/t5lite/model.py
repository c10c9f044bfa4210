import flax.linen as nn
import jax.numpy as jnp

P_ = nn.with_logical_partitioning
init = nn.initializers.normal(0.02)


class MlpLM(nn.Module):
  vocab_size: int = 512
  emb_dim: int = 64
  mlp_dim: int = 256

  @nn.compact
  def __call__(self, tokens):
    emb = self.param('embedding', P_(init, ('vocab', 'embed')), (self.vocab_size, self.emb_dim))
    x = jnp.take(emb, tokens, axis=0)
    h = nn.DenseGeneral(self.mlp_dim, kernel_init=P_(init, ('embed', 'mlp')), name='wi')(x)
    x = x + nn.DenseGeneral(self.emb_dim, kernel_init=P_(init, ('mlp', 'embed')), name='wo')(nn.relu(h))
    return x @ emb.T
