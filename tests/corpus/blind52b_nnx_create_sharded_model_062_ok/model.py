import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from flax import nnx


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, mesh, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.mesh = mesh
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
        use_bias=False,
        rngs=rngs)
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        sharding=('model', None),
    )
    self.b2 = nnx.Param(jnp.zeros((depth,)), sharding=(None,))

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, NamedSharding(self.mesh, P('data', 'model')))
    z = jnp.dot(y, self.w2.value) + self.b2.value
    return z


@nnx.jit(static_argnums=(0, 1))
def create_sharded_model(depth, mesh):
  model = DotReluDot(depth, mesh, rngs=nnx.Rngs(0))  # Unsharded at this moment.
  state = nnx.state(model)                            # The model's state, a pure pytree.
  pspecs = nnx.get_partition_spec(state)              # Strip out the annotations from state.
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)                    # The model is sharded now!
  return model
