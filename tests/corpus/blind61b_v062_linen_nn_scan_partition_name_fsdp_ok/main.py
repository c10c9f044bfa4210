import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec

lecun = nn.initializers.lecun_normal()


class Block(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm(use_bias=False)(x)
    h = nn.Dense(self.hidden, use_bias=False,
                 kernel_init=nn.with_partitioning(lecun, ("data", "model")))(h)
    h = nn.Dense(x.shape[-1], use_bias=False,
                 kernel_init=nn.with_partitioning(lecun, ("model", "data")))(nn.gelu(h))
    return x + h, None


class StackedMLP(nn.Module):
  depth: int
  hidden: int

  @nn.compact
  def __call__(self, x):
    ScanBlock = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True},
                        length=self.depth, metadata_params={nn.PARTITION_NAME: None})
    x, _ = ScanBlock(self.hidden, name="blocks")(x, None)
    return x


mesh = jax.make_mesh((2, 2), ("data", "model"))


def create_state(rng, x, model, tx):
  params = model.init(rng, x)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({"params": params}, x)
    return jnp.mean(optax.l2_loss(pred, y))

  grads = jax.grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads)


def main():
  model = StackedMLP(depth=6, hidden=2048)
  tx = optax.lion(1e-4)
  x_sharding = NamedSharding(mesh, PartitionSpec("data", None))
  x = jax.ShapeDtypeStruct((32, 512), jnp.float32, sharding=x_sharding)
  rng = jax.random.key(0)
  make = functools.partial(create_state, model=model, tx=tx)
  abstract_state = jax.eval_shape(make, rng, x)
  state_sharding = nn.get_sharding(abstract_state, mesh)
  jax.jit(make, out_shardings=state_sharding).trace(rng, x).lower(
      lowering_platforms=("tpu",))
  step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding, x_sharding),
                 out_shardings=state_sharding, donate_argnums=(0,))
  lowered = step.trace(abstract_state, x, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
