import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from models import Transformer

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def loss_fn(model, tokens):
  logits = jax.vmap(model)(tokens[:, :-1])
  return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()


@eqx.filter_jit
def train_step(model, opt_state, tokens, optim):
  tokens = eqx.filter_shard(tokens, data_sharding)
  model = eqx.filter_shard(model, replicated)
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, tokens)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model = eqx.filter_shard(model, replicated)
  return model, opt_state, loss


def main():
  model = Transformer(512, 64, 4, 2, 128, key=jax.random.key(0))
  optim = optax.adamw(3e-4, weight_decay=0.01)
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)
  tokens = jax.ShapeDtypeStruct((8, 65), jnp.int32)

  def step_fn(p, s, t):
    model, s, loss = train_step(eqx.combine(p, static), s, t, optim)
    return eqx.filter(model, eqx.is_array), s, loss

  step = jax.jit(step_fn)
  step.trace(params, opt_state, tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
