import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems,
                      *, axis_name, num_devices):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(axis_name)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy_slot = lax.rem(my_id - outer_step + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_copy_op = pltpu.make_async_copy(
        src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      device_id=(right_neighbor,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


# Originally written for a 1-D ("x",) mesh; now the weights are gathered over "model"
# of a data x model mesh.
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
num_model = mesh.shape["model"]
all_gather_kernel = functools.partial(all_gather_kernel, axis_name="model",
                                      num_devices=num_model)


def gather_weights(w_shard):
  return pl.pallas_call(
      all_gather_kernel,
      out_shape=jax.ShapeDtypeStruct((num_model, *w_shard.shape), w_shard.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2
          + [pltpu.SemaphoreType.DMA((num_model - 1,))],
          grid=(num_model - 1,),
      ),
  )(w_shard)


def step(x, w_shard):
  w = gather_weights(w_shard)                    # [model, d_in / model, d_out]
  w = w.reshape(-1, w.shape[-1])
  return jnp.tanh(x @ w)


step = jax.shard_map(step, mesh=mesh, in_specs=(P("data", None), P("model", None)),
                     out_specs=P("data", None), check_vma=False)
step = jax.jit(step)

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((32, 512), jnp.float32,
                           sharding=NamedSharding(mesh, P("data", None)))
  w = jax.ShapeDtypeStruct((512, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P("model", None)))
  step.trace(x, w).lower(lowering_platforms=("tpu",))
