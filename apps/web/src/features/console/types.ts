export interface StaffView {
  id: number;
  email: string;
  nama: string;
  access: Record<string, ('READ' | 'UPDATE')[]>;
}

/** Whether the staff member may do `action` in `module` (the server decides; this hides buttons). */
export const may = (staff: StaffView, module: string, action: 'READ' | 'UPDATE') =>
  staff.access[module]?.includes(action) === true;
