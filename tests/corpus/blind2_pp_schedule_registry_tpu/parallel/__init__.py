from .schedules import SCHEDULES, get_schedule
from .mesh import MeshSpec

__all__ = ["SCHEDULES", "get_schedule", "MeshSpec"]
