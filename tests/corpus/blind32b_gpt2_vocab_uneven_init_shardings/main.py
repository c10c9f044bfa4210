"""GPT-2 sized vocabulary embedding sharded over 'model' with logical rules (vocab 50257)."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh

RULES = (('batch', 'data'), ('vocab', 'model'), ('embed', None))


class GPT2Embed(nn.Module):
  vocab_size: int = 50257
  n_embd: int = 64

  @nn.compact
  def __call__(self, ids):
    wte = nn.Embed(self.vocab_size, self.n_embd,
                   embedding_init=nn.with_logical_partitioning(
                       nn.initializers.normal(0.02), ('vocab', 'embed')), name='wte')
    x = wte(ids)
    return wte.attend(nn.LayerNorm(name='ln_f')(x))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = GPT2Embed()
ids = jnp.zeros((4, 8), jnp.int32)
abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), ids)
shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
lowered = jax.jit(model.init, out_shardings=shardings).trace(
    jax.random.PRNGKey(0), ids).lower(lowering_platforms=('cuda',))
print(shardings['params']['wte']['embedding'].spec)
