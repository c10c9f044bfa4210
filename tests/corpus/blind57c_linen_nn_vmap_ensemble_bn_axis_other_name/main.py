import flax.linen as nn
import jax
import jax.numpy as jnp

N_MEMBERS = 4


class Member(nn.Module):
  features: int = 64

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(self.features)(x)
    # synced batch statistics, as in the pmap ImageNet example
    x = nn.BatchNorm(use_running_average=not train, axis_name="batch", momentum=0.9)(x)
    return nn.Dense(10)(nn.relu(x))


Ensemble = nn.vmap(
    Member,
    variable_axes={"params": 0, "batch_stats": 0},
    split_rngs={"params": True},
    in_axes=None,
    axis_size=N_MEMBERS,
    axis_name="ensemble",
)


def main():
  model = Ensemble()
  x = jnp.ones((32, 20))
  variables = jax.eval_shape(lambda: model.init(jax.random.key(0), x, train=False))

  @jax.jit
  def train_forward(variables, x):
    logits, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    return logits.mean(0), updates

  train_forward.trace(variables, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
