import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import MultiHeadAttention

# 'activation_kv' is deliberately left out: head_dim stays unsharded.
RULES = (
    ('activation_batch', 'data'), ('activation_length', None), ('activation_heads', 'model'),
    ('embed', None), ('heads', 'model'), ('kv', None),
)


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
  model = MultiHeadAttention(num_heads=8, head_dim=32)
  tx = optax.adamw(1e-4)
  x = jax.ShapeDtypeStruct((8, 64, 256), jnp.bfloat16,
                           sharding=NamedSharding(mesh, P('data', None, None)))

  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    param_sh = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
                          nn.unbox(abstract), param_sh)
    opt_state = jax.eval_shape(tx.init, params)

    def train_step(params, opt_state, x):
      def loss_fn(p):
        return jnp.mean(jnp.square(model.apply(p, x).astype(jnp.float32)))
      loss, grads = jax.value_and_grad(loss_fn)(params)
      updates, opt_state = tx.update(grads, opt_state, params)
      return optax.apply_updates(params, updates), opt_state, loss

    step = jax.jit(train_step, donate_argnums=(0, 1))
    step.trace(params, opt_state, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
