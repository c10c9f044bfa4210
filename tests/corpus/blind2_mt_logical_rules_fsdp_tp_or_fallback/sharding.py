"""Logical axis names resolved to mesh axes through a rules table (the first matching rule wins,
as in MaxText's `logical_axis_rules`)."""
from jax.sharding import PartitionSpec as P

MESH_AXES = ("data", "fsdp", "tensor")

LOGICAL_AXIS_RULES = [
    ["activation_batch", ["data", "fsdp"]],
    ["activation_embed", None],
    ["activation_mlp", "tensor"],
    ["embed", "fsdp"],
    ["mlp", "tensor"],
]


def _rules_table(rules):
    table = {}
    for logical, mesh_axes in rules:
        table.setdefault(logical, mesh_axes)
    return table


def logical_to_mesh_axes(logical_names, rules=LOGICAL_AXIS_RULES):
    table = _rules_table(rules)
    axes = []
    for name in logical_names:
        mesh_axes = table.get(name)
        axes.append(tuple(mesh_axes) if isinstance(mesh_axes, list) else mesh_axes)
    return P(*axes)


def mesh_axes_of(logical, rules=LOGICAL_AXIS_RULES):
    (axes,) = logical_to_mesh_axes((logical,), rules)
    return axes
