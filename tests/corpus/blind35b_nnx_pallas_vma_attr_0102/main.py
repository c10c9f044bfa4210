import functools

import jax
import jax.experimental.pallas as P_
import jax.experimental.pallas.tpu as pltpu
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("ring",))


def right_permute_kernel(in_ref, out_ref, send_sem, recv_sem, *, n):
    me = jax.lax.axis_index("ring")
    dma = pltpu.make_async_remote_copy(
        src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(jax.lax.rem(me + 1, n),), device_id_type=P_.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def right_permute(x, n):
    out_shape = jax.ShapeDtypeStruct(x.shape, x.dtype, vma=jax.typeof(x).vma)
    return P_.pallas_call(
        functools.partial(right_permute_kernel, n=n),
        out_shape=out_shape,
        in_specs=[P_.BlockSpec(memory_space=P_.ANY)],
        out_specs=P_.BlockSpec(memory_space=P_.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


class Shifter(nnx.Module):
    def __init__(self, rngs):
        self.gate = nnx.Param(jnp.ones((128,)))

    def __call__(self, x):
        return right_permute(x, 4) * self.gate[...]


@nnx.jit
def apply(model, x):
    f = nnx.shard_map(lambda m, b: m(b), mesh=mesh, in_specs=(P(), P("ring")),
                      out_specs=P("ring"))
    return f(model, x)


with jax.set_mesh(mesh):
    model = Shifter(nnx.Rngs(0))
    x = jax.device_put(jnp.ones((32, 128)), P("ring"))
    apply.trace(model, x).lower(lowering_platforms=("tpu",))
    print("ok")
