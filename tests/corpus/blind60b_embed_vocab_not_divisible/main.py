import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

RULES = (('batch', 'data'), ('vocab', 'model'), ('embed', None), ('mlp', 'model'))
VOCAB_SIZE = 32001  # sentencepiece vocab + 1 added <pad> token


class TinyLM(nn.Module):
  vocab_size: int
  d_model: int = 256

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(
        self.vocab_size, self.d_model, name='token_embedder',
        embedding_init=nn.with_logical_partitioning(nn.initializers.normal(1.0), ('vocab', 'embed')))
    x = embed(tokens)
    h = nn.Dense(4 * self.d_model, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    x = x + nn.Dense(self.d_model, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('mlp', 'embed')))(nn.gelu(h))
    return embed.attend(nn.LayerNorm()(x))


def create_sharded_params(model, mesh, tokens):
  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), tokens)
    specs = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(specs, mesh, RULES)
    return jax.jit(model.init, out_shardings=shardings).lower(jax.random.key(0), tokens)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  tokens = jax.ShapeDtypeStruct((8, 128), jnp.int32)
  create_sharded_params(TinyLM(VOCAB_SIZE), mesh, tokens)
