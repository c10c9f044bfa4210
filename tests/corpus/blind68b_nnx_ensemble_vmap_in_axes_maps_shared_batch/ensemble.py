from flax import nnx

N_MEMBERS = 4
ENS_AXIS = 'ens'


class Member(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    kinit = nnx.initializers.lecun_normal()
    self.fc1 = nnx.Linear(din, dhidden,
                          kernel_init=nnx.with_partitioning(kinit, (None, 'data')),
                          rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout,
                          kernel_init=nnx.with_partitioning(kinit, ('data', None)),
                          rngs=rngs)

  def __call__(self, x):
    return self.fc2(self.drop(nnx.relu(self.fc1(x)), deterministic=True))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0,
          transform_metadata={nnx.PARTITION_NAME: ENS_AXIS})
def create_ensemble(rngs: nnx.Rngs):
  return Member(64, 256, 10, rngs=rngs)
