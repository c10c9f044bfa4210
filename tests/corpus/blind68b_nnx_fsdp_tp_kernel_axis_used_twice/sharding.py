from flax import nnx

FSDP = ('data', 'model')   # weights' leading dim spread over every device
TP = 'model'

_init = nnx.initializers.lecun_normal()


def up_proj_init():
  return nnx.with_partitioning(_init, (FSDP, TP))


def down_proj_init():
  return nnx.with_partitioning(_init, (TP, 'data'))
