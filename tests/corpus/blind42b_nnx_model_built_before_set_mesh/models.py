from flax import nnx

kinit = nnx.initializers.lecun_normal()


class Classifier(nnx.Module):
  def __init__(self, din, dhid, nclass, rngs):
    self.fc1 = nnx.Linear(din, dhid, kernel_init=nnx.with_partitioning(kinit, (None, 'model')),
                          rngs=rngs)
    self.bn = nnx.LayerNorm(dhid, scale_init=nnx.with_partitioning(nnx.initializers.ones_init(), ('model',)),
                            rngs=rngs)
    self.fc2 = nnx.Linear(dhid, nclass, kernel_init=nnx.with_partitioning(kinit, ('model', None)),
                          rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.bn(self.fc1(x))), out_sharding=jax.typeof(x).sharding.spec)


def build(seed=0):
  return Classifier(784, 512, 10, nnx.Rngs(seed))


import jax  # noqa: E402
