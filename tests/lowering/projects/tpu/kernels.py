import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))
mesh2 = jax.make_mesh((2, 2), ("x", "y"))


def add_one_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def add_one(x):
    return pl.pallas_call(add_one_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def plain(x):
    return add_one(x) * 2.0


def right_shift_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = jax.lax.axis_index("x")
    right = jax.lax.rem(me + 1, 4)
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()


def right_shift(x):
    return pl.pallas_call(
        right_shift_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


def communicating(x):
    return jax.shard_map(right_shift, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)


def partial_manual(x):
    return jax.shard_map(add_one, mesh=mesh2, in_specs=P("x"), out_specs=P("x"),
                         axis_names=frozenset({"x"}), check_vma=False)(x)


def arity_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = jax.lax.axis_index("x")
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(me,), device_id_type=pltpu.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()


def arity(x):
    k = pl.pallas_call(
        arity_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )
    return jax.shard_map(k, mesh=mesh2, in_specs=P(("x", "y")), out_specs=P(("x", "y")), check_vma=False)(x)


def ARGS():
    return (jax.ShapeDtypeStruct((32, 128), jnp.float32),)

def ARGS_X():
    return (jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh, P("x"))),)

def ARGS_XY():
    return (jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh2, P(("x", "y")))),)

def ARGS_2():
    return (jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh2, P("x"))),)
