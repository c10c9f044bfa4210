import flax.linen as nn
import jax.numpy as jnp


class MlpBlock(nn.Module):
  """lm1b/models.py MlpBlock with its logical activation constraints."""
  mlp_dim: int

  @nn.compact
  def __call__(self, inputs):
    x = nn.Dense(self.mlp_dim,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.xavier_uniform(), ('embed', 'mlp')))(inputs)
    x = nn.relu(x)
    x = nn.with_logical_constraint(x, ('activation_batch', 'activation_length', 'activation_mlp'))
    out = nn.Dense(inputs.shape[-1],
                   kernel_init=nn.with_logical_partitioning(
                       nn.initializers.xavier_uniform(), ('mlp', 'embed')))(x)
    return nn.with_logical_constraint(out, ('activation_batch', 'activation_length', 'activation_embed'))


class Decoder(nn.Module):
  vocab_size: int
  emb_dim: int
  mlp_dim: int

  @nn.compact
  def __call__(self, tokens):
    x = nn.Embed(self.vocab_size, self.emb_dim)(tokens)
    x = x + MlpBlock(self.mlp_dim)(nn.LayerNorm()(x))
    return nn.Dense(self.vocab_size)(nn.LayerNorm()(x))
