import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def run_stages(stage, h, num_stages):
    """The per-device program: compute, hand the activations to the next stage, repeat."""
    for step in range(num_stages):
        h = stage(h)
        if step < num_stages - 1:
            h = stage.pass_forward(h, num_stages)
    return h


def make_pipeline(stages, mesh, num_stages, axis_name="stage"):
    params, static = eqx.partition(stages, eqx.is_array)

    def per_device(stage_params, h):
        local = jax.tree.map(lambda a: a[0], stage_params)
        return run_stages(eqx.combine(local, static), h, num_stages)

    run = jax.shard_map(per_device, mesh=mesh, in_specs=(P(axis_name), P()),
                        out_specs=P(axis_name), check_vma=False)
    return params, jax.jit(run)
