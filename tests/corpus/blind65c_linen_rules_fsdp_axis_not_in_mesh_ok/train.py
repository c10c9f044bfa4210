import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding

from partitioning import RULES


def create_sharded_state(model, mesh, cfg):
  tx = optax.adam(cfg["learning_rate"])
  x = jnp.ones((cfg["batch_size"], cfg["d_model"]), jnp.float32)

  def init_fn(rng):
    variables = model.init(rng, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=tx)

  with mesh, nn.logical_axis_rules(RULES):
    abstract_state = jax.eval_shape(init_fn, jax.random.key(0))
    state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_state), mesh)
    batch_sharding = (NamedSharding(mesh, nn.logical_to_mesh_axes(("batch", None))),
                      NamedSharding(mesh, nn.logical_to_mesh_axes(("batch",))))
    return jax.jit(init_fn, out_shardings=state_sharding), state_sharding, batch_sharding


def make_train_step(mesh, state_sharding, batch_sharding):
  def train_step(state, x, y):
    def loss_fn(params):
      with nn.logical_axis_rules(RULES):
        logits = state.apply_fn({"params": params}, x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  x_sharding, y_sharding = batch_sharding
  return jax.jit(train_step, in_shardings=(state_sharding, x_sharding, y_sharding),
                 out_shardings=(state_sharding, None), donate_argnums=0)
