import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training.train_state import TrainState
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from lm import TinyLM

RULES = [
    ("batch", "data"),
    ("length", None),
    ("embed", None),
    ("heads", "model"),
    ("mlp", "model"),
    ("vocab", "model"),
]

mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ("data", "model"))
model = TinyLM()


def create_state(rng, tokens):
  variables = model.init(rng, tokens)
  return TrainState.create(apply_fn=model.apply, params=variables["params"],
                           tx=optax.adamw(3e-4, b2=0.95))


def train_step(state, tokens, dropout_rng):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, tokens[:, :-1], deterministic=False,
                            rngs={"dropout": dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  tokens = jax.ShapeDtypeStruct((16, 257), jnp.int32)
  rng = jax.random.key(0)
  with mesh, nn.logical_axis_rules(RULES):
    abstract_state = jax.eval_shape(create_state, rng, tokens)
    state_sharding = nn.logical_to_mesh_sharding(
        nn.get_partition_spec(abstract_state), mesh, RULES)
    tok_sharding = NamedSharding(mesh, P("data", None))
    repl = NamedSharding(mesh, P())
    step = jax.jit(train_step,
                   in_shardings=(state_sharding, tok_sharding, repl),
                   out_shardings=(state_sharding, repl))
    lowered = step.trace(abstract_state, tokens, rng).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
