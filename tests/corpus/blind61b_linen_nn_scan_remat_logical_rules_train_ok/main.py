import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from net.decoder import Decoder

RULES = (
    ("batch", "data"),
    ("length", None),
    ("layers", None),
    ("embed", None),
    ("mlp", "model"),
    ("vocab", "model"),
)

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Decoder(num_layers=4, mlp_dim=2048, vocab=8192)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-4))


def make_state(rng, tokens):
  params = model.init(rng, tokens)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  rng = jax.random.key(0)
  tokens = jax.ShapeDtypeStruct((8, 129), jnp.int32)
  batch_sharding = NamedSharding(mesh, P("data", None))
  with mesh, nn.logical_axis_rules(RULES):
    abstract_state = jax.eval_shape(make_state, rng, tokens)
    logical_spec = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
    init = jax.jit(make_state, in_shardings=(NamedSharding(mesh, P()), batch_sharding),
                   out_shardings=state_sharding)
    init.trace(rng, tokens).lower(lowering_platforms=("tpu",))
    step = jax.jit(train_step, in_shardings=(state_sharding, batch_sharding),
                   out_shardings=(state_sharding, NamedSharding(mesh, P())),
                   donate_argnums=0)
    lowered = step.trace(abstract_state, tokens).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
