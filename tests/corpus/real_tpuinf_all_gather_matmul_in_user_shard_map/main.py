"""tpu-inference 0.32.0's all-gather matmul test (tests/kernels/collectives/all_gather_matmul_kernel_test.py)
on its kernel (tpu_inference/kernels/collectives/, vendored unchanged; the package's top `__init__`, which
preloads TPU runtime modules, is empty here). The test's body as a plain function called with one of its
parameter products; `utils.make_optimized_mesh` written as `jax.make_mesh`; one iteration instead of ten;
the op (which makes its own `jax.jit(jax.shard_map(...))` and runs it) is called under `jax.jit` and
lowered for TPU instead of run, and the result check is gone.

Mutation: the op (which makes its own `shard_map`) called from inside the user's `shard_map` over the same mesh.
"""
import functools

import jax
import jax.numpy as jnp

from tpu_inference.kernels.collectives import all_gather_matmul

P = jax.sharding.PartitionSpec


def test_all_gather_matmul(grid_k, grid_n, rhs_transpose):
    axis_name = 'x'
    num_devices = jax.device_count()
    mesh = jax.make_mesh((num_devices, ), (axis_name, ))
    bk, bn = 1024, 1024
    m, k, n = 1024, bk * grid_k, bn * grid_n * num_devices

    for i in range(1):
        # Create input data
        prng_key = jax.random.key(1234 + i)
        k0, k1 = jax.random.split(prng_key, 2)
        x = jax.random.normal(k0, (m, k), dtype=jnp.bfloat16)
        y_shape = (n, k) if rhs_transpose else (k, n)
        y_sharding = P(axis_name, None) if rhs_transpose else P(
            None, axis_name)
        y = jax.random.normal(k1, y_shape, dtype=jnp.bfloat16)
        sharded_x = jax.device_put(
            x, jax.sharding.NamedSharding(mesh, P(axis_name, None)))
        sharded_y = jax.device_put(
            y, jax.sharding.NamedSharding(mesh, y_sharding))

        # Run the all_gather_matmul function
        jax.jit(jax.shard_map(functools.partial(
            all_gather_matmul.all_gather_matmul,
            mesh=mesh,
            axis_name=axis_name,
            bk=bk,
            bn=bn,
            rhs_transpose=rhs_transpose,
        ), mesh=mesh, in_specs=(P(axis_name, None), y_sharding), out_specs=P(None, axis_name),
            check_vma=False)).trace(sharded_x, sharded_y).lower(lowering_platforms=("tpu",))


test_all_gather_matmul(1, 1, False)
