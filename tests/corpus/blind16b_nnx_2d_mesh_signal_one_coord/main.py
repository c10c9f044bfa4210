import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('fsdp', 'tp'))


def swap_kernel(x_ref, o_ref, send_sem, recv_sem):
  fsdp = lax.axis_index('fsdp')
  tp = lax.axis_index('tp')
  partner = 1 - tp
  barrier = pltpu.get_barrier_semaphore()
  pl.semaphore_signal(barrier, device_id=(partner,), device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_wait(barrier, 1)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id=(fsdp, partner),
                                     device_id_type=pl.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def swap_halves(x):
  return pl.pallas_call(
      swap_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      compiler_params=pltpu.CompilerParams(collective_id=1),
  )(x)


class SwapMLP(nnx.Module):
  def __init__(self, d, rngs):
    self.up = nnx.Linear(d, d, rngs=rngs)
    self.down = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.up(x))
    h = jax.shard_map(swap_halves, mesh=mesh, in_specs=P('fsdp', 'tp'),
                      out_specs=P('fsdp', 'tp'), check_vma=False)(h)
    return self.down(h)


@nnx.jit
def forward(model, x):
  return model(x)


if __name__ == '__main__':
  model = SwapMLP(256, nnx.Rngs(0))
  x = jnp.ones((32, 256), jnp.float32)
  forward.trace(model, x).lower(lowering_platforms=('tpu',))
