"""Front end modelled on ejkernel 0.0.80.3 `ejkernel/modules/operations/reduce_scatter_matmul.py`:
with `mesh` the op wraps itself in `shard_map` (default specs from `axis_name`, tp_size checked against
`mesh.shape[axis_name]`); without it, it "runs inside an existing sharded context"."""
from jax import shard_map
from jax.sharding import Mesh, PartitionSpec

from rs_kernel import reduce_scatter_matmul as _reduce_scatter_matmul_impl


def _run(x, y, axis_name, collective_id, tp_size):
    return _reduce_scatter_matmul_impl(x, y, axis_name=axis_name, tp_size=tp_size, collective_id=collective_id)


def reduce_scatter_matmul(x, y, axis_name, /, *, collective_id=0, tp_size=None, mesh: Mesh | None = None,
                          in_specs=None, out_specs=None, check_vma=False):
    if mesh is None:
        if tp_size is None:
            raise ValueError("tp_size is required outside shard_map mode")
        return _run(x, y, axis_name, collective_id, tp_size)

    if in_specs is None:
        in_specs = (PartitionSpec(None, axis_name), PartitionSpec(None, axis_name))
    if out_specs is None:
        out_specs = PartitionSpec(axis_name, None)
    mesh_tp_size = int(mesh.shape[axis_name])
    if tp_size is None:
        tp_size = mesh_tp_size
    elif tp_size != mesh_tp_size:
        raise ValueError(f"tp_size ({tp_size}) must match mesh axis '{axis_name}' size ({mesh_tp_size}) in shard_map mode.")

    def _wrapped(x, y):
        return _run(x, y, axis_name, collective_id, tp_size)

    return shard_map(_wrapped, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check_vma)(x, y)
