import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState

# copied from the pod config, which used a ('data', 'fsdp', 'tensor') mesh
RULES = [
    ('activation_batch', 'data'),
    ('activation_embed', None),
    ('embed', None),
    ('mlp', 'tensor'),
    ('heads', 'tensor'),
]


class FeedForward(nn.Module):
  d_model: int
  d_ff: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    init = nn.initializers.lecun_normal()
    h = nn.DenseGeneral(self.d_ff, dtype=self.dtype, use_bias=False,
                        kernel_init=nn.with_logical_partitioning(init, ('embed', 'mlp')),
                        name='wi')(x)
    h = nn.silu(h)
    return nn.DenseGeneral(self.d_model, dtype=self.dtype, use_bias=False,
                           kernel_init=nn.with_logical_partitioning(init, ('mlp', 'embed')),
                           name='wo')(h)


class Model(nn.Module):
  d_model: int = 1024
  d_ff: int = 4096

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ('activation_batch', 'activation_embed'))
    for i in range(3):
      x = x + FeedForward(self.d_model, self.d_ff, name=f'ffn_{i}')(nn.RMSNorm(name=f'norm_{i}')(x))
    return x


def init_state(rng):
  model = Model()
  params = model.init(rng, jnp.ones((4, 1024), jnp.bfloat16))['params']
  return TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-4))


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(init_state, jax.random.PRNGKey(0))
  specs = nn.get_partition_spec(abstract)
  shardings = nn.logical_to_mesh_sharding(specs, mesh, RULES)
  sharded_init = jax.jit(init_state, out_shardings=shardings)
  print(sharded_init.trace(jax.random.PRNGKey(0)).lower(lowering_platforms=('tpu',)).as_text()[:100])
