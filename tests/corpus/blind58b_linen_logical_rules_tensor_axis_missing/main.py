import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import TinyLM

# copied from the MaxText base config
LOGICAL_AXIS_RULES = (
    ("batch", "data"),
    ("length", None),
    ("embed", None),
    ("mlp", "tensor"),
    ("vocab", "tensor"),
)


def create_state(rng, tokens, model, tx):
  params = model.init(rng, tokens)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  model = TinyLM()
  tx = optax.adamw(3e-4, weight_decay=0.1)
  tokens = jax.ShapeDtypeStruct((16, 129), jnp.int32)
  with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract_state = jax.eval_shape(lambda r: create_state(r, tokens, model, tx), jax.random.key(0))
    state_specs = nn.get_partition_spec(abstract_state)
    state_shardings = nn.logical_to_mesh_sharding(state_specs, mesh, LOGICAL_AXIS_RULES)
    init = jax.jit(lambda r: create_state(r, tokens, model, tx), out_shardings=state_shardings)
    init.trace(jax.random.key(0)).lower(lowering_platforms=("tpu",))
    step = jax.jit(train_step, in_shardings=(state_shardings, NamedSharding(mesh, P("data"))),
                   out_shardings=(state_shardings, None), donate_argnums=0)
    lowered = step.trace(abstract_state, tokens).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
